export default function Subscribe() {
  return <main>Subscribe</main>;
}
