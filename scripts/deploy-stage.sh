#!/usr/bin/env bash
# Deploys every stack of one stage, as the release workflow does (.github/workflows/release.yml), with the AWS
# credentials of the environment: TOKO_PREFIX names the stage (`staging-`, `toko-`), the other TOKO_* variables give
# its settings (infra/aws/config.ts; an empty one is left out). Prints the app's URL, and hands it to the workflow's
# next step as the `url` output when GITHUB_OUTPUT is set.
set -euo pipefail

: "${TOKO_PREFIX:?TOKO_PREFIX must name the stage, e.g. staging-}"

version="$(node -p "require('./package.json').version")"
if [ -n "${GITHUB_SHA:-}" ]; then version="$version+${GITHUB_SHA:0:7}"; fi

context=(-c "prefix=$TOKO_PREFIX" -c "appVersion=$version" -c "buildTime=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
add() {
  if [ -n "$2" ]; then context+=(-c "$1=$2"); fi
}
add domain "${TOKO_DOMAIN:-}"
add certificateArn "${TOKO_CERTIFICATE_ARN:-}"
add apiDomain "${TOKO_API_DOMAIN:-}"
add apiCertificateArn "${TOKO_API_CERTIFICATE_ARN:-}"
add mailDomain "${TOKO_MAIL_DOMAIN:-}"
add alarmEmail "${TOKO_ALARM_EMAIL:-}"
add stripePublishableKey "${TOKO_STRIPE_PUBLISHABLE_KEY:-}"
add shopifyMemberDiscountCode "${TOKO_SHOPIFY_MEMBER_DISCOUNT_CODE:-}"

npm run build:web
outputs="$(mktemp)"
npx cdk deploy --all --require-approval never --no-notices "${context[@]}" --outputs-file "$outputs"

url="$(OUTPUTS="$outputs" STACK="${TOKO_PREFIX}web" node -p "JSON.parse(require('fs').readFileSync(process.env.OUTPUTS, 'utf8'))[process.env.STACK].AppUrl")"
if [ -z "$url" ] || [ "$url" = "undefined" ]; then
  echo "The ${TOKO_PREFIX}web stack has no AppUrl output" >&2
  exit 1
fi
echo "deployed ${TOKO_PREFIX} at $url"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "url=$url" >> "$GITHUB_OUTPUT"; fi
