import { readFileSync } from 'node:fs';
import { projectPath } from '../project-paths.ts';

/** A real Canadian bridge from the catalogue kept as data in the repository. */
export interface CatalogueBridge {
  name: string;
  province: string;
  city: string;
  latitude: number;
  longitude: number;
  structure_type: string;
  opened: number;
  length_m: number;
  main_span_m: number | null;
  spans: number;
  description: string;
}

export const bridgeCatalogue: readonly CatalogueBridge[] = JSON.parse(
  readFileSync(projectPath('server', 'integrations', 'canadian-bridges.json'), 'utf8'),
) as CatalogueBridge[];

export function findCatalogueBridge(name: string): CatalogueBridge | undefined {
  return bridgeCatalogue.find((bridge) => bridge.name === name);
}
