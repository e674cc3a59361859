export default function Profile() {
  return <main>Profile</main>;
}
