import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { projectPath } from './project-paths.ts';

/** The contract, parsed once: openapi-glue builds the routes and their validation from it. */
export const contractPath = pathToFileURL(projectPath('openapi', 'openapi.yaml'));
export const contract = parse(readFileSync(contractPath, 'utf8')) as Record<string, unknown>;
