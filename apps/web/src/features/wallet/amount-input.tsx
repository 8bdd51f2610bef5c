import { Input, type InputProps } from '../../components/ui/input';

/** A money field of docs/product.md#validation: minimum 0.01, step 0.01, kept as the typed text until it is parsed. */
export function AmountInput(props: Omit<InputProps, 'type'>) {
  return <Input type="number" inputMode="decimal" min="0.01" step="0.01" autoComplete="off" required {...props} />;
}
