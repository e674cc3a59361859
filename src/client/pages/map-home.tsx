export default function MapHome() {
  return <main>MapHome</main>;
}
