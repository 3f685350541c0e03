import { type ReactNode, createContext, useContext } from 'react';
import type { UnitSystem } from '../../domain/company-settings';
import { usableTimeZone } from '../../domain/formats';
import { browserTimeZone } from './time-zones';

/**
 * How a bridge's screens write times and measurements: the zone and unit system of the company
 * that owns the bridge (decision 064), given once where the bridge is known (the dashboard) and
 * read by every time and value below it, so no card looks the company up itself.
 */
export interface DisplaySettings {
  /** The company's zone; undefined: the reader's own (the company set none). */
  timeZone: string | undefined;
  units: UnitSystem;
}

/** What a bridge's payload says (the bridge list's `display`), absent on older answers. */
export interface BridgeDisplay {
  time_zone: string | null;
  units: UnitSystem;
}

const READERS_OWN: DisplaySettings = { timeZone: undefined, units: 'metric' };

export function displaySettingsOf(display: BridgeDisplay | undefined): DisplaySettings {
  if (!display) return READERS_OWN;
  return { timeZone: usableTimeZone(display.time_zone), units: display.units };
}

const DisplayContext = createContext<DisplaySettings>(READERS_OWN);

export function DisplaySettingsProvider(props: { value: DisplaySettings; children: ReactNode }) {
  return <DisplayContext.Provider value={props.value}>{props.children}</DisplayContext.Provider>;
}

export const useDisplaySettings = (): DisplaySettings => useContext(DisplayContext);

/** One line naming the zone the screen's times are in, and why that one. */
export function TimesCaption({ className }: { className?: string }) {
  const { timeZone } = useDisplaySettings();
  return (
    <p className={className}>
      {timeZone === undefined
        ? `Times in your time zone (${browserTimeZone()}); the company has set none.`
        : `Times in ${timeZone}, the time zone of the company that owns this bridge.`}
    </p>
  );
}
