import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Input, Label } from '../../components/ui/input.tsx';

/**
 * A labelled search box with a clear button, shared by the catalogue screens (artists, missions,
 * colour chart). The label stays visible: outdoors nobody should have to guess what a box does.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-smoke"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          className="pr-12 pl-10 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            onClick={() => onChange('')}
            aria-label={`Clear ${label.toLowerCase()}`}
            className="absolute top-1/2 right-0.5 grid size-11 -translate-y-1/2 place-items-center rounded-lg text-smoke hover:text-chalk"
          >
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
