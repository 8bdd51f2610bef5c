import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from './button';

/** Copies `text`; `ariaLabel` names the button where one page shows many ("Copy code ABCD…"). */
export function CopyButton({ text, label = 'Copy', what, ariaLabel }: { text: string; label?: string; what: string; ariaLabel?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${what} copied`);
    } catch {
      toast.error(`Could not copy the ${what.toLowerCase()}; select it and copy it by hand.`);
    }
  };
  return (
    <Button variant="secondary" aria-label={ariaLabel} onClick={() => void copy()}>
      <Copy aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
