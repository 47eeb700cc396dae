/** The two checksums of a FLAC frame (RFC 9639): CRC-8 over its header and CRC-16 over the whole frame. */

/** CRC-8, polynomial x^8 + x^2 + x + 1, initial 0. */
export function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const CRC16_TABLE = Uint16Array.from({ length: 256 }, (_, n) => {
  let crc = n << 8;
  for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

/** CRC-16, polynomial x^16 + x^15 + x^2 + 1, initial 0 (table-driven: it runs over whole frames). */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >> 8) ^ byte];
  return crc;
}
