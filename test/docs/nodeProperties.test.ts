import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PROPERTIES_FILE, propertiesJson } from '../../scripts/nodeProperties';

test("the node's stored fields are the catalogue's (npm run node:properties)", () => {
	expect(readFileSync(join(__dirname, '../..', PROPERTIES_FILE), 'utf8')).toBe(propertiesJson());
});
