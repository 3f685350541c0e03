import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { button as buttonStyles } from '../../ui/button.css';
import { container } from '../../ui/layout.css';
import { BridgeFormModal } from './bridge-form-modal';
import { CreateChooser } from './create-chooser';
import * as frame from '../../ui/management-page.css';
import * as styles from './bridges-page.css';
import { BridgesTab } from './bridges-tab';
import { DatastreamDialog } from './datastream-dialog';
import { DatastreamsTab } from './datastreams-tab';
import { FatigueDetailSection } from './fatigue-detail-section';
import { SensorLimitsSection } from './sensor-limits-section';
import { SensorPositionSection } from './sensor-position-section';
import { SensorCableSection } from './sensor-cable-section';
import { SensorRangeSection } from './sensor-range-section';
import { MaintenanceSection } from './maintenance-section';
import { AnalysisSettingsSection } from './analysis-settings-section';
import { TrafficGrowthSection } from './traffic-growth-section';
import { DeleteDialog } from './delete-dialog';
import { LoggerImportDialog } from './logger-import-dialog';
import type { BridgesDialog, Selection } from './dialogs';
import { SensorFormModal } from './sensor-form-modal';
import { SensorsTab } from './sensors-tab';
import { SpanFormModal } from './span-form-modal';
import { SpansTab } from './spans-tab';
import { type StructureData, useLoadedStructureData, useStructureData } from './structure-data';

const TABS = [
  ['bridges', 'Bridges'],
  ['spans', 'Spans'],
  ['sensors', 'Sensors'],
  ['datastreams', 'Datastreams'],
] as const;
type Tab = (typeof TABS)[number][0];

const NOTHING: Selection = { bridgeId: null, spanId: null, sensorId: null };

/**
 * Who is looking: staff write everything; a company administrator writes its own company's
 * structure (bridges, spans, sensors, streams, limits, imports) but not the staff-only records
 * (calibrations, maintenance, analysis settings, fatigue details, the audit history), as the
 * server decides (decision 040).
 */
export interface BridgesAccess {
  isStaff: boolean;
  /** Staff or a company administrator; defaults to `isStaff`. */
  manages?: boolean;
  /** The company a company administrator sees, named under the heading. */
  company?: string;
}

/** Spec §2, Bridge Management: everyone signed in reads; staff also write. */
export function BridgesPage(access: BridgesAccess) {
  return <BridgesScreen access={access} data={useStructureData()} />;
}

/** Spec §8: a list failed to load; the screen shows the others and a toast for each failure. */
export function BridgesFailed(access: BridgesAccess) {
  return <BridgesScreen access={access} data={useLoadedStructureData()} />;
}

function BridgesScreen({ access, data }: { access: BridgesAccess; data: StructureData }) {
  const { isStaff, company } = access;
  const manages = access.manages ?? isStaff;
  const [tab, setTab] = useState<Tab>('bridges');
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const [dialog, setDialog] = useState<BridgesDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  // Spec §2: switching a tab clears the selected bridge and span.
  const switchTo = (next: Tab) => {
    setTab(next);
    setSelection(NOTHING);
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    switchTo(next[0]);
    document.getElementById(`tab-${next[0]}`)?.focus();
  };

  const tabProps = { data, isStaff, manages, selection, onSelect: setSelection, onOpen: setDialog };
  return (
    <div className={`${container} ${frame.page}`}>
      <header className={frame.header}>
        <h1 className={frame.title}>Bridge Management</h1>
        {!isStaff && manages && company && <p className={frame.scope}>Company: {company}</p>}
        <Link to="/map" className={buttonStyles.secondary}>
          DASHBOARD
        </Link>
      </header>
      <div role="tablist" aria-label="Bridge data" className={styles.tabList}>
        {TABS.map(([id, label], index) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => switchTo(id)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {label}
          </button>
        ))}
      </div>
      <section
        id={`panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        className={frame.page}
      >
        {tab === 'bridges' && (
          <BridgesTab
            {...tabProps}
            onViewSpans={(bridge) => {
              setTab('spans');
              setSelection({ ...NOTHING, bridgeId: bridge.id });
            }}
          />
        )}
        {tab === 'bridges' && <MaintenanceSection data={data} isStaff={isStaff} />}
        {tab === 'bridges' && <AnalysisSettingsSection data={data} isStaff={isStaff} />}
        {tab === 'bridges' && <TrafficGrowthSection data={data} isStaff={isStaff} />}
        {tab === 'spans' && <SpansTab {...tabProps} />}
        {tab === 'sensors' && <SensorsTab {...tabProps} />}
        {tab === 'sensors' && <SensorPositionSection {...tabProps} />}
        {tab === 'sensors' && <SensorRangeSection {...tabProps} />}
        {tab === 'sensors' && <SensorLimitsSection {...tabProps} />}
        {tab === 'sensors' && <SensorCableSection {...tabProps} />}
        {tab === 'sensors' && <FatigueDetailSection {...tabProps} />}
        {tab === 'datastreams' && <DatastreamsTab {...tabProps} />}
      </section>
      {dialog?.kind === 'bridge-form' && <BridgeFormModal bridge={dialog.bridge} onClose={close} />}
      {dialog?.kind === 'span-form' && <SpanFormModal bridge={dialog.bridge} onClose={close} />}
      {dialog?.kind === 'sensor-form' && <SensorFormModal span={dialog.span} onClose={close} />}
      {dialog?.kind === 'datastream' && <DatastreamDialog sensor={dialog.sensor} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteDialog target={dialog.target} onClose={close} />}
      {dialog?.kind === 'logger-import' && (
        <LoggerImportDialog bridge={dialog.bridge} data={data} onClose={close} />
      )}
      {dialog?.kind === 'choose' && (
        <CreateChooser child={dialog.child} data={data} onOpen={setDialog} onClose={close} />
      )}
    </div>
  );
}
