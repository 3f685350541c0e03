import { useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button';
import { SettingsDialog } from './settings-dialog';

/**
 * The 'Settings' entry of the map's sidebar (spec §2) and the dialog it opens. The map screen
 * places it; focus comes back to it when the dialog closes.
 */
export function SettingsEntry(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" {...props} onClick={() => setOpen(true)}>
        Settings
      </Button>
      {open && <SettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
