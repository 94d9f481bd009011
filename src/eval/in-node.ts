/** Whether this code runs in Node (not a browser): the modules that start worker threads load only there. */
export const inNode = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';
