-- A profile's wallet address is an EIP-55 checksummed 0x address, or null: any text used to be saved and shown
-- with Copy. The checksum needs Keccak-256, which neither PostgreSQL nor PGlite ships, so it is computed here.
--   * All-lowercase (or all-uppercase) hex carries no checksum and is stored in its checksummed form, as ethers'
--     getAddress() gives it; mixed case must already be the checksum (a typo in it is refused); anything else is
--     refused, with a message that says which.
--   * Rows saved before: 0x and 40 hex digits are rewritten in checksummed form (the case carries no part of the
--     address, so a proof of it holds); any other text is no address at all and is cleared, with its proof, so the
--     constraint below applies on every database, hosted ones included.

-- Keccak-256 (the original padding Ethereum uses, not SHA3-256's), over 64-bit lanes held in bigint.
create function public.keccak256(data bytea) returns bytea
language plpgsql immutable strict parallel safe set search_path = '' as $$
declare
  rc constant bigint[] := array[
    x'0000000000000001'::bigint, x'0000000000008082'::bigint, x'800000000000808A'::bigint,
    x'8000000080008000'::bigint, x'000000000000808B'::bigint, x'0000000080000001'::bigint,
    x'8000000080008081'::bigint, x'8000000000008009'::bigint, x'000000000000008A'::bigint,
    x'0000000000000088'::bigint, x'0000000080008009'::bigint, x'000000008000000A'::bigint,
    x'000000008000808B'::bigint, x'800000000000008B'::bigint, x'8000000000008089'::bigint,
    x'8000000000008003'::bigint, x'8000000000008002'::bigint, x'8000000000000080'::bigint,
    x'000000000000800A'::bigint, x'800000008000000A'::bigint, x'8000000080008081'::bigint,
    x'8000000000008080'::bigint, x'0000000080000001'::bigint, x'8000000080008008'::bigint];
  -- Rotation of lane x + 5y.
  rot constant integer[] := array[0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2,
    61, 56, 14];
  rate constant integer := 136;
  padded bytea;
  st bigint[] := array_fill(0::bigint, array[25]);
  b bigint[] := array_fill(0::bigint, array[25]);
  c bigint[] := array_fill(0::bigint, array[5]);
  d bigint;
  lane bigint;
  n integer;
  out bytea := '\x'::bytea;
begin
  -- Padding: 0x01 after the data, 0x80 on the block's last byte (one byte 0x81 when they meet).
  padded := data || '\x01'::bytea;
  padded := padded || decode(repeat('00', (rate - length(padded) % rate) % rate), 'hex');
  padded := set_byte(padded, length(padded) - 1, get_byte(padded, length(padded) - 1) | 128);
  for block in 0 .. length(padded) / rate - 1 loop
    for i in 0 .. rate / 8 - 1 loop
      lane := 0;
      for j in 0 .. 7 loop
        lane := lane | (get_byte(padded, block * rate + i * 8 + j)::bigint << (8 * j));
      end loop;
      st[i + 1] := st[i + 1] # lane;
    end loop;
    for round in 1 .. 24 loop
      -- Theta.
      for x in 0 .. 4 loop
        c[x + 1] := st[x + 1] # st[x + 6] # st[x + 11] # st[x + 16] # st[x + 21];
      end loop;
      for x in 0 .. 4 loop
        lane := c[(x + 1) % 5 + 1];
        d := c[(x + 4) % 5 + 1] # ((lane << 1) | ((lane >> 63) & 1));
        for y in 0 .. 4 loop
          st[x + 5 * y + 1] := st[x + 5 * y + 1] # d;
        end loop;
      end loop;
      -- Rho and pi: lane (x, y) rotated goes to (y, 2x + 3y).
      for x in 0 .. 4 loop
        for y in 0 .. 4 loop
          lane := st[x + 5 * y + 1];
          n := rot[x + 5 * y + 1];
          if n > 0 then
            lane := (lane << n) | ((lane >> (64 - n)) & ~(-1::bigint << n));
          end if;
          b[y + 5 * ((2 * x + 3 * y) % 5) + 1] := lane;
        end loop;
      end loop;
      -- Chi.
      for x in 0 .. 4 loop
        for y in 0 .. 4 loop
          st[x + 5 * y + 1] := b[x + 5 * y + 1] # (~b[(x + 1) % 5 + 5 * y + 1] & b[(x + 2) % 5 + 5 * y + 1]);
        end loop;
      end loop;
      -- Iota.
      st[1] := st[1] # rc[round];
    end loop;
  end loop;
  for i in 0 .. 31 loop
    out := out || set_byte('\x00'::bytea, 0, ((st[i / 8 + 1] >> (8 * (i % 8))) & 255)::integer);
  end loop;
  return out;
end $$;

-- The EIP-55 form of 0x and 40 hex digits in any case; null for anything else. Every writer of a profile checks
-- through it, so it runs as its owner: keccak256 itself is no one's to call, as a long input would keep a backend
-- busy for minutes, while this one hashes 40 bytes at most.
create function public.checksum_address(address text) returns text
language plpgsql immutable strict parallel safe security definer set search_path = '' as $$
declare
  hex text;
  hash text;
  result text := '0x';
begin
  if address !~ '^0x[0-9a-fA-F]{40}$' then
    return null;
  end if;
  hex := lower(substr(address, 3));
  hash := encode(public.keccak256(convert_to(hex, 'UTF8')), 'hex');
  for i in 1 .. 40 loop
    result := result || case when substr(hash, i, 1) >= '8' then upper(substr(hex, i, 1)) else substr(hex, i, 1) end;
  end loop;
  return result;
end $$;

-- The rows saved before the rule: see the header.
update public.profiles set wallet_address = public.checksum_address(btrim(wallet_address))
where public.checksum_address(btrim(wallet_address)) is distinct from wallet_address
  and public.checksum_address(btrim(wallet_address)) is not null;
update public.profiles set wallet_address = null, wallet_verified = false
where wallet_address is not null and public.checksum_address(wallet_address) is null;

-- Whoever writes the address: trimmed, empty as null, unchecksummed hex checksummed, and anything else refused in
-- words a member can act on (the constraint below would only name itself).
create function public.normalise_wallet_address() returns trigger
language plpgsql set search_path = '' as $$
declare
  typed text := nullif(btrim(new.wallet_address), '');
  checksummed text;
begin
  if typed is null then
    new.wallet_address := null;
    return new;
  end if;
  checksummed := public.checksum_address(typed);
  if checksummed is null then
    raise exception 'A wallet address is 0x followed by 40 hexadecimal digits' using errcode = '23514';
  end if;
  if substr(typed, 3) <> lower(substr(typed, 3)) and substr(typed, 3) <> upper(substr(typed, 3))
     and typed <> checksummed then
    raise exception 'This wallet address has a wrong checksum (its mix of capitals): copy it again from your wallet'
      using errcode = '23514';
  end if;
  new.wallet_address := checksummed;
  return new;
end $$;

create trigger normalise_wallet_address before insert or update of wallet_address on public.profiles
  for each row execute function public.normalise_wallet_address();

alter table public.profiles add constraint profiles_wallet_address_checksummed
  check (wallet_address is null or public.checksum_address(wallet_address) is not distinct from wallet_address);

revoke execute on function public.normalise_wallet_address(), public.keccak256(bytea)
  from public, anon, authenticated, service_role;
