import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	PROPERTIES_FILE,
	TOOL_DESCRIPTIONS_FILE,
	propertiesJson,
	toolDescriptionsJson,
} from '../../scripts/nodeProperties';

const stored = (file: string) => readFileSync(join(__dirname, '../..', file), 'utf8');

test("the node's stored fields are the catalogue's (npm run node:properties)", () => {
	expect(stored(PROPERTIES_FILE)).toBe(propertiesJson());
});

test("the stored tool descriptions are the catalogue's (npm run node:properties)", () => {
	expect(stored(TOOL_DESCRIPTIONS_FILE)).toBe(toolDescriptionsJson());
});
