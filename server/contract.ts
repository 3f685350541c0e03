import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The contract, parsed once: openapi-glue builds the routes and their validation from it. */
export const contractPath = new URL('../openapi/openapi.yaml', import.meta.url);
export const contract = parse(readFileSync(contractPath, 'utf8')) as Record<string, unknown>;
