/** The few functions of the Khronos glTF validator (npm `gltf-validator`) the tests use. */
declare module 'gltf-validator' {
  interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: ValidationMessage[] };
    info?: { extensionsUsed?: string[]; totalTriangleCount?: number };
  }
  export function validateBytes(data: Uint8Array, options?: { uri?: string; maxIssues?: number; format?: 'glb' | 'gltf' }): Promise<ValidationReport>;
  export function version(): string;
}
