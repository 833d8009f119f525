/** The directories (absolute) of the packages whose code the bundles contain. */
export function inlinedPackages(root?: string, bundles?: readonly string[]): string[];
/** The notices file: one section per package, its name, version, license and license text. */
export function notices(root?: string): string;
/** A package's section of a notices file: its name, version, license and license text. */
export function packageSection(dir: string): string;
