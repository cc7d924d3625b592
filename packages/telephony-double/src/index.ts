export { farEndScript, type FarEndScript } from './far-ends.ts';
