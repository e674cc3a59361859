export default function Community() {
  return <main>Community</main>;
}
