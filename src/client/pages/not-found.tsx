export default function NotFound() {
  return <main>NotFound</main>;
}
