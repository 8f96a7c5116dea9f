import { writeFileSync } from 'node:fs';

import { nodeProperties } from '../nodes/Mindbody/description';

/**
 * The Mindbody node's fields as the catalogue builds them, written to
 * nodes/Mindbody/nodeProperties.json (npm run node:properties). The node loads this file instead of
 * building its two hundred operations' fields in every n8n process that lists it: n8n reads a
 * node's description when it starts, and building it took longer than n8n's HubSpot node takes to
 * load whole. test/docs/nodeProperties.test.ts fails when the file and the catalogue disagree.
 */
export const PROPERTIES_FILE = 'nodes/Mindbody/nodeProperties.json';

export const propertiesJson = () => `${JSON.stringify(nodeProperties)}\n`;

if (require.main === module) writeFileSync(PROPERTIES_FILE, propertiesJson());
