/** The directories (absolute) of the packages whose code the bundles contain. */
export function inlinedPackages(root?: string): string[];
/** The notices file: one section per package, its name, version, license and license text. */
export function notices(root?: string): string;
