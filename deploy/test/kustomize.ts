// Builds a Kustomize directory the way `kubectl kustomize` does, for the features our manifests use (resources,
// namespace, labels, images, configMapGenerator merge, secretGenerator from an env file, JSON 6902 patches).
// Anything else in a kustomization fails the build, so the manifests cannot grow past what the tests read.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
};

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  configMapGenerator?: { name: string; behavior?: 'merge'; literals?: string[] }[];
  secretGenerator?: { name: string; envs: string[] }[];
  generatorOptions?: { disableNameSuffixHash: true };
  patches?: { target: { kind: string; name?: string }; patch: string }[];
}
const supported = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'patches',
]);

export function readYamlObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
      return document.toJS() as K8sObject;
    })
    .filter(Boolean);
}

/** `envFiles` stands in for env files that are not committed (secrets.env -> secrets.env.example). */
export function kustomize(dir: string, envFiles: Record<string, string> = {}): K8sObject[] {
  const kustomization = readYamlObjects(join(dir, 'kustomization.yaml'))[0] as unknown as Kustomization;
  const unknown = Object.keys(kustomization).filter((key) => !supported.has(key));
  if (unknown.length) throw new Error(`${dir}: unsupported kustomization fields ${unknown.join(', ')}`);
  if (kustomization.generatorOptions && !kustomization.generatorOptions.disableNameSuffixHash) throw new Error(`${dir}: name suffix hashes are not modelled`);

  let objects: K8sObject[] = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory() ? kustomize(path, envFiles) : readYamlObjects(path);
  });
  for (const generator of kustomization.configMapGenerator ?? []) {
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === generator.name);
    if (generator.behavior !== 'merge' || !existing) throw new Error(`${dir}: configMapGenerator ${generator.name} must merge into an existing ConfigMap`);
    for (const literal of generator.literals ?? []) {
      const at = literal.indexOf('=');
      existing.data[literal.slice(0, at)] = literal.slice(at + 1);
    }
  }
  for (const generator of kustomization.secretGenerator ?? []) {
    const stringData = Object.fromEntries(generator.envs.flatMap((env) => envLines(join(dir, envFiles[env] ?? env))));
    objects.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: generator.name },
      type: 'Opaque',
      data: mapValues(stringData, (v) => Buffer.from(v).toString('base64')),
    });
  }
  for (const { target, patch } of kustomization.patches ?? []) {
    const matched = objects.filter((o) => o.kind === target.kind && (!target.name || o.metadata.name === target.name));
    if (!matched.length) throw new Error(`${dir}: a patch matches nothing (${target.kind})`);
    for (const object of matched) for (const operation of readPatch(patch)) applyOperation(object, operation);
  }
  objects = objects.map((object) => withImages(object, kustomization.images ?? []));
  for (const { pairs } of kustomization.labels ?? []) for (const object of objects) object.metadata.labels = { ...object.metadata.labels, ...pairs };
  if (kustomization.namespace) for (const object of objects) if (object.kind !== 'Namespace') object.metadata.namespace = kustomization.namespace;
  return objects;
}

function envLines(file: string): [string, string][] {
  if (!existsSync(file)) throw new Error(`${file} is missing`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

function mapValues(record: Record<string, string>, map: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

type Operation = { op: 'replace' | 'add'; path: string; value: unknown };
function readPatch(patch: string): Operation[] {
  const operations = parseAllDocuments(patch)[0].toJS() as Operation[];
  for (const { op } of operations) if (op !== 'replace' && op !== 'add') throw new Error(`patch op ${op} is not modelled`);
  return operations;
}

function applyOperation(object: K8sObject, { op, path, value }: Operation): void {
  const keys = path
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop()!;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const parent = keys.reduce((node: any, key) => node?.[key], object);
  if (parent === undefined || (op === 'replace' && !(last in parent))) throw new Error(`${object.kind} ${object.metadata.name}: ${op} ${path}: no such path`);
  parent[last] = value;
}

function withImages(object: K8sObject, images: Kustomization['images'] & object): K8sObject {
  const podSpec = object.spec?.template?.spec;
  if (!podSpec) return object;
  for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
    const [name, tag] = container.image.split(':');
    const image = images.find((i) => i.name === name);
    if (image) container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
  }
  return object;
}
