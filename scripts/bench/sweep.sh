#!/usr/bin/env bash
# pnpm bench:sweep: 1,000 deposit addresses holding USDT swept to the hot wallet
# on the local TRON node, once per energy strategy (each on a fresh chain):
# `topup` (the fee account sends TRX the address burns for energy), `delegate`
# (the staking account lends energy with DelegateResource, then takes it back)
# and `auto` (per address, the cheaper at the chain's prices: what pnpm
# tron:sweep does with TRON_ENERGY_ACCOUNT_PRIVATE_KEY set). Prints the TRX
# burnt (every receipt's fee: creation, bandwidth, energy), the TRX left on the
# addresses, and the time per strategy. Exit 0 when every address is swept and
# the chosen strategy costs at most half of top-ups, 1 when a goal fails, 2 on
# an error.
#
# Settings: BENCH_SWEEP_ADDRESSES (1000), BENCH_SWEEP_STAKE_TRX (5000000),
# BENCH_NO_BUILD=1 to reuse dist.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/node.sh
source scripts/lib/node.sh
use_project_node
if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/tools/sweep-energy.js || ! -f apps/tron-node/dist/index.js ]]; then
  echo "bench: building @app/domain, @app/api and @app/tron-node"
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
  pnpm --silent --filter @app/tron-node run build
fi
exec node scripts/bench/sweep.mjs
