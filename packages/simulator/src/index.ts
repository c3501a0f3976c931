export * from './fleet.js';
export * from './plant-sim.js';
export * from './random.js';
export * from './runner.js';
export * from './solar.js';
export * from './time.js';
export * from './history.js';
export * from './register.js';
