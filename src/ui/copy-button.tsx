import { useState } from 'react';
import { Button } from './button';

/** Copies `text` to the clipboard; the label says when it worked (or that it did not). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Without clipboard permission (plain http) the text stays selectable on screen.
      setState('failed');
    }
  };
  return (
    <Button variant="secondary" aria-label={label} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : 'Copy'}
    </Button>
  );
}
