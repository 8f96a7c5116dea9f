import { writeFileSync } from 'node:fs';

import { nodeProperties, toolDescriptions } from '../nodes/Mindbody/description';
import { storedOnce } from '../nodes/Mindbody/description/storedOnce';

/**
 * The Mindbody node's fields as the catalogue builds them, written to
 * nodes/Mindbody/nodeProperties.json (npm run node:properties), and what AI agents read of each
 * operation used as a tool, to nodes/Mindbody/toolDescriptions.json (the node makes the tool
 * variant's Description fields of it when it loads). The node loads these files instead of
 * building its two hundred operations' fields in every n8n process that lists it: n8n reads a
 * node's description when it starts, and building it took longer than n8n's HubSpot node takes to
 * load whole. A field alike for several operations is stored once (description/storedOnce.ts). test/docs/nodeProperties.test.ts fails when the files and the catalogue disagree.
 */
export const PROPERTIES_FILE = 'nodes/Mindbody/nodeProperties.json';
export const TOOL_DESCRIPTIONS_FILE = 'nodes/Mindbody/toolDescriptions.json';

export const propertiesJson = () => `${JSON.stringify(storedOnce(nodeProperties))}\n`;
export const toolDescriptionsJson = () => `${JSON.stringify(toolDescriptions)}\n`;

if (require.main === module) {
	writeFileSync(PROPERTIES_FILE, propertiesJson());
	writeFileSync(TOOL_DESCRIPTIONS_FILE, toolDescriptionsJson());
}
