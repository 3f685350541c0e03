import { hint } from './create-hint.css';

/**
 * Where the spec shows a create button only once its parent is selected (Add Span needs a
 * bridge, Add DataStream a sensor), this line stands in its place and says what to select, so
 * the action is never hidden without a word (issue 36, item 12; decision 043).
 */
export function CreateHint({ children }: { children: string }) {
  return <span className={hint}>{children}</span>;
}
