import { Check, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** Two answers side by side: "Mine" / "Not mine", "That's them" / "It isn't". */
export function YesNo({
  yes,
  no,
  onYes,
  onNo,
  disabled,
  about,
}: {
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  disabled: boolean;
  /** What the answers are about, for their accessible names ("Mine: <title>"). */
  about?: string;
}) {
  const named = (label: string) => (about ? `${label}: ${about}` : undefined);
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled}
        onClick={onYes}
        aria-label={named(yes)}
      >
        <Check aria-hidden />
        {yes}
      </Button>
      <Button size="sm" variant="outline" disabled={disabled} onClick={onNo} aria-label={named(no)}>
        <X aria-hidden />
        {no}
      </Button>
    </div>
  );
}
