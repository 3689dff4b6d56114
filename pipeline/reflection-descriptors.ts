/** Reflection's file descriptors with map entries named `…Entry` as protoc and grpcurl expect; never on the wire. */
import descriptorModule from 'protobufjs/ext/descriptor/index.js';
import type * as protoLoader from '@grpc/proto-loader';

interface Field { name: string; typeName?: string }
interface Message { name: string; field: Field[]; nestedType: Message[]; options?: { mapEntry?: boolean } }
interface FileDescriptor { messageType: Message[] }
interface Codec<T> { decode(bytes: Uint8Array): T; encode(message: T): { finish(): Uint8Array } }

const { FileDescriptorProto } = descriptorModule as unknown as { FileDescriptorProto: Codec<FileDescriptor> };

/** The entry name protoc gives a map field (`verification_confidence` → `VerificationConfidenceEntry`). */
export function mapEntryName(fieldName: string): string {
  return `${fieldName.replace(/(?:^|_)([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())}Entry`.replace(/^[a-z]/, (c) => c.toUpperCase());
}

function fixMessage(message: Message): void {
  for (const nested of message.nestedType) fixMessage(nested);
  for (const field of message.field) {
    const entry = message.nestedType.find((nested) => nested.options?.mapEntry && field.typeName !== undefined
      && (field.typeName === nested.name || field.typeName.endsWith(`.${nested.name}`)));
    if (entry === undefined) continue;
    const name = mapEntryName(field.name);
    field.typeName = field.typeName!.slice(0, field.typeName!.length - entry.name.length) + name;
    entry.name = name;
  }
}

export function fixFileDescriptor(bytes: Buffer | Uint8Array): Buffer {
  const file = FileDescriptorProto.decode(bytes);
  for (const message of file.messageType) fixMessage(message);
  return Buffer.from(FileDescriptorProto.encode(file).finish());
}

export function withValidDescriptors(definition: protoLoader.PackageDefinition): protoLoader.PackageDefinition {
  const fixed = new Map<Buffer, Buffer>();
  const fix = (bytes: Buffer): Buffer => {
    let done = fixed.get(bytes);
    if (done === undefined) fixed.set(bytes, (done = fixFileDescriptor(bytes)));
    return done;
  };
  return Object.fromEntries(Object.entries(definition).map(([name, object]) => {
    const protos = (object as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos;
    return [name, protos === undefined ? object : { ...object, fileDescriptorProtos: protos.map(fix) }];
  })) as protoLoader.PackageDefinition;
}
