export default function Onboarding() {
  return <main>Onboarding</main>;
}
