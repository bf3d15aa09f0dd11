import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calibrationSheet, type CalibrationSheet } from '../impose/calibration.js';
import { PAPERS, type PaperName } from '../shared/print-options.js';
import { renderComponentPdf } from '../render/pdf/render-component-pdf.js';
import { defaultCreationDate } from '../render/pdf/creation-date.js';
import { createLabeler, withFonts } from './sheet-labels.js';

export interface CalibrationRequest {
  paper: PaperName;
  duplex: 'long' | 'short';
}

/** The calibration sheet's two pages as display lists, with the geometry of its marks and scales. */
export function makeCalibration(request: CalibrationRequest): CalibrationSheet {
  const { label, fonts } = createLabeler();
  const sheet = calibrationSheet({ page: PAPERS[request.paper], duplex: request.duplex, label });
  return { ...sheet, front: withFonts(sheet.front, fonts), back: withFonts(sheet.back, fonts) };
}

/** The calibration sheet as a two-page PDF. */
export async function calibrationPdf(request: CalibrationRequest): Promise<Buffer> {
  const sheet = makeCalibration(request);
  return renderComponentPdf([sheet.front, sheet.back], { title: `pocketpress duplex calibration (${PAPERS[request.paper].label}, ${request.duplex} edge)`, creationDate: defaultCreationDate() });
}

/** Writes `calibration-<paper>-<duplex>.pdf` into `dir` (whole or not at all) and returns its path. */
export async function writeCalibration(request: CalibrationRequest, dir: string): Promise<string> {
  const bytes = await calibrationPdf(request);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `calibration-${request.paper}-${request.duplex}.pdf`);
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}
