/**
 * ESC/POS printers over Bluetooth Low Energy, through Web Bluetooth (Chrome on Android, desktop
 * Chrome and Edge; not Safari, not Firefox). The printer gets the server's ESC/POS bytes as they
 * are: a raster image, so Chinese prints without the printer knowing any Chinese.
 */

// The part of Web Bluetooth used here; TypeScript's DOM library does not declare it yet.
interface GattCharacteristic {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithoutResponse?(value: BufferSource): Promise<void>;
  writeValueWithResponse?(value: BufferSource): Promise<void>;
  writeValue(value: BufferSource): Promise<void>;
}
interface GattService {
  getCharacteristics(): Promise<GattCharacteristic[]>;
}
interface GattServer {
  connected: boolean;
  connect(): Promise<GattServer>;
  getPrimaryService(service: BluetoothService): Promise<GattService>;
}
interface BluetoothDeviceLike {
  name?: string;
  gatt?: GattServer;
}
type BluetoothService = number | string;
interface BluetoothLike {
  requestDevice(options: {
    acceptAllDevices: true;
    optionalServices: BluetoothService[];
  }): Promise<BluetoothDeviceLike>;
}

/**
 * GATT services that receipt printers take ESC/POS on: the 0x18F0 family (most Chinese 58/80 mm
 * printers), Zjiang/Goojprt's e781…, Microchip ISSC transparent UART (49535343…), and the vendor
 * ranges 0xFF00, 0xFFE0 and 0xAE30 of cheap modules.
 */
export const PRINTER_SERVICES: BluetoothService[] = [
  0x18f0,
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  0xff00,
  0xffe0,
  0xae30,
];

/** Bytes per write: under the 185-byte payload most Android stacks negotiate, with headroom. */
export const CHUNK_BYTES = 180;

const bluetooth = (): BluetoothLike | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;

/** Whether this browser can reach a Bluetooth printer at all. */
export const bluetoothSupported = (): boolean => bluetooth() !== undefined;

/** Why a Bluetooth print did not happen, for the message the merchant sees. */
export type BluetoothFailure = 'unsupported' | 'cancelled' | 'notPrinter' | 'failed';
export class BluetoothPrintError extends Error {
  override readonly name = 'BluetoothPrintError';
  constructor(readonly reason: BluetoothFailure) {
    super(reason);
  }
}

// Chosen devices, per printer of the setup, until the page reloads: the browser's chooser asks
// only the first time.
const chosen = new Map<string, BluetoothDeviceLike>();

async function writableCharacteristic(server: GattServer): Promise<GattCharacteristic> {
  for (const service of PRINTER_SERVICES) {
    let characteristics: GattCharacteristic[];
    try {
      characteristics = await (await server.getPrimaryService(service)).getCharacteristics();
    } catch {
      continue;
    }
    const writable = characteristics.find(
      (c) => c.properties.writeWithoutResponse || c.properties.write,
    );
    if (writable) return writable;
  }
  throw new BluetoothPrintError('notPrinter');
}

/** Writes in chunks, one after another: a printer's small buffer takes them in order. */
export async function writeChunks(
  characteristic: GattCharacteristic,
  bytes: Uint8Array,
  chunkBytes = CHUNK_BYTES,
): Promise<void> {
  const withoutResponse =
    characteristic.properties.writeWithoutResponse && characteristic.writeValueWithoutResponse;
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    const chunk = bytes.slice(at, at + chunkBytes);
    if (withoutResponse) await characteristic.writeValueWithoutResponse!(chunk);
    else if (characteristic.writeValueWithResponse)
      await characteristic.writeValueWithResponse(chunk);
    else await characteristic.writeValue(chunk);
  }
}

/**
 * Sends a job to a Bluetooth printer. Must start from a tap: the chooser needs the user's
 * gesture, so it opens before the job's bytes are fetched (`bytes` is already under way).
 */
export async function printOverBluetooth(printerId: string, bytes: Promise<Blob>): Promise<void> {
  // Its failure is told when it is awaited below, not as an unhandled rejection if the chooser
  // is closed first.
  bytes.catch(() => {});
  const api = bluetooth();
  if (!api) throw new BluetoothPrintError('unsupported');
  let device = chosen.get(printerId);
  if (!device) {
    try {
      device = await api.requestDevice({
        acceptAllDevices: true,
        optionalServices: PRINTER_SERVICES,
      });
    } catch (error) {
      // NotFoundError: the chooser was closed without a device.
      if (error instanceof DOMException && error.name === 'NotFoundError') {
        throw new BluetoothPrintError('cancelled');
      }
      throw new BluetoothPrintError('failed');
    }
  }
  if (!device.gatt) throw new BluetoothPrintError('notPrinter');
  let characteristic: GattCharacteristic;
  try {
    const server = device.gatt.connected ? device.gatt : await device.gatt.connect();
    characteristic = await writableCharacteristic(server);
  } catch (error) {
    chosen.delete(printerId);
    throw error instanceof BluetoothPrintError ? error : new BluetoothPrintError('failed');
  }
  chosen.set(printerId, device);
  const data = new Uint8Array(await (await bytes).arrayBuffer());
  try {
    await writeChunks(characteristic, data);
  } catch {
    throw new BluetoothPrintError('failed');
  }
}
