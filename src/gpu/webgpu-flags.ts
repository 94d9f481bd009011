/**
 * The WebGPU flag values the host uses, fixed by the WebGPU specification.
 * Written out here because Node's Dawn does not install the GPUBufferUsage
 * and GPUMapMode globals that a browser has, and polluting globalThis to get
 * them would leak into every importer.
 */
export const BufferUsage = {
  MAP_READ: 0x0001,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  QUERY_RESOLVE: 0x0200,
} as const;

export const MapMode = { READ: 0x0001 } as const;

export const ShaderStage = { COMPUTE: 0x4 } as const;
