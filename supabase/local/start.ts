// `npm start`: the built app and the local stack on one origin, over the database the environment names.
import { serveLocalStack } from './serve.ts';

await serveLocalStack();
