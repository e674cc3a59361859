export default function ColorChart() {
  return <main>ColorChart</main>;
}
