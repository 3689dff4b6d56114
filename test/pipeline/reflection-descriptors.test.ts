/**
 * The descriptors server reflection hands out (pipeline/reflection-descriptors.ts): every map
 * field's entry message is named as protoc names it, and the field points at it, so strict readers
 * (grpcurl, Go's protodesc) accept the files. grpcurl itself is test/deploy/grpcurl.test.ts.
 */
import descriptorModule from 'protobufjs/ext/descriptor/index.js';
import t from 'tap';
import { servedDefinitions } from '../../pipeline/proto.js';
import { mapEntryName } from '../../pipeline/reflection-descriptors.js';

interface Message { name: string; field: Array<{ name: string; typeName?: string }>; nestedType: Message[]; options?: { mapEntry?: boolean } }
const { FileDescriptorProto } = descriptorModule as unknown as { FileDescriptorProto: { decode(bytes: Uint8Array): { name: string; messageType: Message[] } } };

t.test('mapEntryName is protoc\'s', async (t) => {
  t.equal(mapEntryName('document'), 'DocumentEntry');
  t.equal(mapEntryName('verification_confidence'), 'VerificationConfidenceEntry');
  t.equal(mapEntryName('verificationConfidence'), 'VerificationConfidenceEntry');
  t.equal(mapEntryName('field_2_value'), 'Field2ValueEntry');
});

t.test('every map entry the pipeline describes is named after its field, and the field points at it', async (t) => {
  const definitions = servedDefinitions();
  const files = new Map<string, Message[]>();
  for (const object of Object.values(definitions)) {
    for (const bytes of (object as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos ?? []) {
      const file = FileDescriptorProto.decode(bytes);
      files.set(file.name, file.messageType);
    }
  }
  let maps = 0;
  const visit = (message: Message): void => {
    for (const nested of message.nestedType) visit(nested);
    for (const entry of message.nestedType.filter((nested) => nested.options?.mapEntry)) {
      const field = message.field.find((f) => f.typeName === entry.name || f.typeName?.endsWith(`.${entry.name}`));
      t.ok(field, `${message.name}.${entry.name} is a field's entry`);
      t.equal(entry.name, mapEntryName(field!.name), `${message.name}.${field!.name}: ${entry.name}`);
      maps += 1;
    }
  };
  for (const messages of files.values()) messages.forEach(visit);
  t.ok(maps >= 3, `the pipeline's maps were seen (${maps})`);
});
