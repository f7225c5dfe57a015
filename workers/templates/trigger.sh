set -eu
body=$(printf '{"forge":"%s","repository":"%s"}' "$GITLEARNOS_FORGE" "$GITLEARNOS_REPOSITORY")
signature=$(printf '%s' "$body" | openssl dgst -sha256 -hmac "$GITLEARNOS_TRIGGER_SECRET" | sed 's/^.* //')
for job in maintenance due-review; do
  curl --fail-with-body --silent --show-error --max-time 30 -X POST \
    -H "Content-Type: application/json" -H "X-GitLearnOS-Signature: sha256=$signature" \
    --data "$body" "$GITLEARNOS_URL/triggers/$job"
  echo
done
