export default function Missions() {
  return <main>Missions</main>;
}
