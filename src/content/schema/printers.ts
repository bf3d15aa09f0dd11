import { Type, type Static } from '@sinclair/typebox';
import { Length } from './common.js';

/** One printer's duplex offset, read off a calibration sheet (`pocketpress calibrate`). */
export const PrinterProfile = Type.Object(
  {
    duplex: Type.Optional(
      Type.Union([Type.Literal('long'), Type.Literal('short')], {
        description: 'the flip the calibration sheet was printed with (default long); a build with the other flip turns the offset about',
      }),
    ),
    backOffset: Type.Object(
      { x: Length, y: Length },
      { additionalProperties: false, description: 'what the calibration sheet reads: x to the right, y down, e.g. {x: 1.5mm, y: -0.5mm}' },
    ),
    description: Type.Optional(Type.String({ description: 'a note for people: which printer, which tray, when it was measured' })),
  },
  { additionalProperties: false, description: 'a printer: the offset that puts its backs behind their fronts' },
);

export const PrinterName = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', maxLength: 100, description: 'a printer profile name, e.g. "office-laser"' });

export const Printers = Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', maxLength: 100 }), PrinterProfile, {
  description: 'printer profiles by name, e.g. {office-laser: {duplex: long, backOffset: {x: 1.5mm, y: -0.5mm}}}; --printer <name> picks one',
});

/** printers.yaml in the user's configuration folder (~/.config/pocketpress/printers.yaml). */
export const PrintersFileSchema = Type.Object(
  {
    default: Type.Optional({ ...PrinterName, description: 'the printer a build uses when neither --printer nor the project names one' }),
    printers: Printers,
  },
  { additionalProperties: false, title: 'pocketpress printers', description: 'printers.yaml: the duplex offset of each printer of this computer' },
);

export type PrinterProfileConfig = Static<typeof PrinterProfile>;
export type PrintersFile = Static<typeof PrintersFileSchema>;
