import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';

export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${what} copied`);
    } catch {
      toast.error(`Could not copy the ${what.toLowerCase()}; select it and copy it by hand.`);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      <Copy aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
