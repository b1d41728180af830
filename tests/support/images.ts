import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";

/** A real picture of this format (a few hundred bytes), drawn by sharp. */
export async function realImage(type: "png" | "jpeg" | "gif" | "webp", size = { width: 4, height: 3 }): Promise<Buffer> {
  const image = sharp({ create: { width: size.width, height: size.height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image.toFormat(type).toBuffer();
}

/** A JPEG carrying the metadata a phone camera writes: who took it and where (GPS). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: "#336699" } })
    .jpeg()
    .withExif({
      IFD0: { Artist: "Jamie Shopper", Make: "PhoneCo" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's front: a valid PNG of a few hundred bytes whose header declares a canvas
 * of width x height (100,000 x 100,000 is 10 gigapixels, 30 GB of pixels once decoded).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = deflateSync(Buffer.alloc(64 * 1024), { level: 9 }).subarray(0, 200);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
