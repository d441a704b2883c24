import { parseSync } from "vite";

interface AstNode {
  type: string;
  [key: string]: unknown;
}

function nameOf(node: unknown): string | undefined {
  const named = node as { type?: string; name?: string; value?: string } | null;
  if (named?.type === "Identifier") return named.name;
  if (named?.type === "Literal" && typeof named.value === "string") return named.value;
  return undefined;
}

/** Names bound by a declaration (`const a = …, { b } = …`, `function c`, `class D`). */
function declaredNames(declaration: AstNode): string[] {
  if (declaration.type === "VariableDeclaration") {
    const names: string[] = [];
    const collect = (pattern: unknown) => {
      const node = pattern as AstNode | null;
      if (!node) return;
      if (node.type === "Identifier") names.push(node.name as string);
      else if (node.type === "ObjectPattern")
        for (const property of node.properties as AstNode[])
          collect(property.type === "RestElement" ? property.argument : property.value);
      else if (node.type === "ArrayPattern")
        for (const element of node.elements as unknown[]) collect(element);
      else if (node.type === "AssignmentPattern") collect(node.left);
      else if (node.type === "RestElement") collect(node.argument);
    };
    for (const declarator of declaration.declarations as AstNode[]) collect(declarator.id);
    return names;
  }
  if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
    const name = nameOf(declaration.id);
    return name ? [name] : [];
  }
  // Interfaces, type aliases and `declare` forms are erased: nothing at run time.
  return [];
}

/**
 * The names a module exports at run time, read from its source (`file` gives the language:
 * `.ts` sources have their type-only exports left out), sorted. `export *` is reported as
 * `*` from its source, which the caller must resolve or refuse.
 */
export function exportedNames(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const names = new Set<string>();
  for (const statement of program.body as unknown as AstNode[]) {
    if (statement.type === "ExportDefaultDeclaration") names.add("default");
    else if (statement.type === "ExportAllDeclaration") {
      const exported = nameOf(statement.exported);
      names.add(exported ?? `* from ${(statement.source as { value: string }).value}`);
    } else if (statement.type === "ExportNamedDeclaration") {
      if (statement.exportKind === "type") continue;
      if (statement.declaration) {
        for (const name of declaredNames(statement.declaration as AstNode)) names.add(name);
      }
      for (const specifier of (statement.specifiers ?? []) as AstNode[]) {
        if (specifier.exportKind === "type") continue;
        const name = nameOf(specifier.exported);
        if (name) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/**
 * What a module takes from each module it names, read from its source: the names it imports
 * or re-exports by name, `default` for a default import, `*` for a namespace import or an
 * `export *` (which needs every export).
 */
export function importedNamesBySource(file: string, source: string): Map<string, string[]> {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const found = new Map<string, string[]>();
  const add = (from: string, name: string) => found.set(from, [...(found.get(from) ?? []), name]);
  for (const statement of program.body as unknown as AstNode[]) {
    const from = (statement.source as { value?: string } | null | undefined)?.value;
    if (from === undefined) continue;
    if (statement.type === "ExportAllDeclaration") add(from, "*");
    if (statement.type !== "ImportDeclaration" && statement.type !== "ExportNamedDeclaration") {
      continue;
    }
    for (const specifier of (statement.specifiers ?? []) as AstNode[]) {
      if (specifier.type === "ImportDefaultSpecifier") add(from, "default");
      else if (specifier.type === "ImportNamespaceSpecifier") add(from, "*");
      else {
        const name = nameOf(
          specifier.type === "ImportSpecifier" ? specifier.imported : specifier.local,
        );
        if (name) add(from, name);
      }
    }
  }
  return found;
}
