export default function CharacterCreation({ onComplete }: { onComplete: () => void }) {
  return (
    <main>
      <button onClick={onComplete}>Enter StreetScope</button>
    </main>
  );
}
