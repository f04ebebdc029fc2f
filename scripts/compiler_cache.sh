# Sourced by test.sh and serve.sh: every build compiles through ccache (Debian's package, installed by
# install-deps.sh). Its cache (~/.cache/ccache) stays on the machine between runs and is keyed by paths
# relative to the checkout, so a clean clone recompiles only the files changed since the last build of any
# clone on this machine; a machine that never built starts cold (docs/hardening.md, "CI time").
if command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-20G}"
fi
