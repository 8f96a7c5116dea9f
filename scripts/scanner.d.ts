// n8n's scanner ships no types; scripts/scan.ts states the part it uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs';
