// Reads Kubernetes objects (a JSON array) on stdin and prints, as a JSON array, each one's schema problems
// (kubernetes-models, offline) or null. A separate Node process: kubernetes-models and its dependencies are ESM
// only, which Jest's CommonJS runtime cannot load.
import { text } from 'node:stream/consumers';

const objects = JSON.parse(await text(process.stdin));
const problems = [];
for (const object of objects) {
  // A module per group/version ("apps/v1", "v1", "networking.k8s.io/v1"), a class per kind.
  const models = await import(`kubernetes-models/${object.apiVersion}`).catch(() => ({}));
  const Model = models[object.kind];
  if (!Model) {
    problems.push(`${object.apiVersion} ${object.kind} is not a Kubernetes kind`);
    continue;
  }
  try {
    new Model(object).validate();
    problems.push(null);
  } catch (error) {
    problems.push(error.message);
  }
}
process.stdout.write(JSON.stringify(problems));
