import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useFailureNotice } from '../use-failure-notice';
import { type CompanyViewer, CompanyScope } from './company-chooser';
import * as form from './company-form.css';

const CONTROLS = 'input:not([disabled]), select:not([disabled]), button:not([disabled])';

/**
 * The list view of a company's settings dialog (rotas, contact groups): which company it shows
 * (staff choose), the lists' loading note or failure, then the lists.
 */
export function CompanyListFrame(props: {
  companyId: number;
  viewer: CompanyViewer;
  onChoose: (companyId: number) => void;
  loading: boolean;
  loadingText: string;
  error: Error | null;
  children: ReactNode;
}) {
  const failure = useFailureNotice(props.error?.message, { as: 'banner' });
  return (
    <>
      <CompanyScope
        companyId={props.companyId}
        viewer={props.viewer}
        onChoose={props.onChoose}
        className={form.note}
      />
      {props.loading && <p className={form.note}>{props.loadingText}</p>}
      {failure}
      {props.children}
    </>
  );
}

/**
 * Each view of such a dialog replaces the buttons that opened it: focus goes to the new view's
 * first control (a name, or Cancel before a deletion), never lost to the page behind. The ref
 * goes on an element inside the dialog.
 */
export function useFirstControlFocus<T extends HTMLElement>(view: string): RefObject<T | null> {
  const inside = useRef<T>(null);
  useEffect(() => {
    inside.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>(CONTROLS)?.focus();
  }, [view]);
  return inside;
}
