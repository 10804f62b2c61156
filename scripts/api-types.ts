/** `npm run api:types`: regenerates src/platform/api-client/schema.d.ts from the API's OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { generateApiTypes } from '../src/platform/api-client/generate';

const target = 'src/platform/api-client/schema.d.ts';
writeFileSync(target, await generateApiTypes());
console.log(`written ${target}`);
process.exit(0);
