/** The Khronos glTF validator (npm `gltf-validator`), as the tests use it. */
declare module 'gltf-validator' {
  interface ValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    pointer?: string;
  }
  interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: ValidationMessage[] };
  }
  const validator: { validateBytes(data: Uint8Array): Promise<ValidationReport> };
  export default validator;
}
