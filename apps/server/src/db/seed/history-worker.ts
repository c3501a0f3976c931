import { parentPort } from 'node:worker_threads';
import { simulatePlant, type PlantJob } from './history-plant.js';

// a thread of the demo history: simulates the plants it is sent, one at a time, while the main
// thread writes what the previous ones gave
parentPort!.on('message', (job: PlantJob) => parentPort!.postMessage(simulatePlant(job)));
