export default function Artists() {
  return <main>Artists</main>;
}
