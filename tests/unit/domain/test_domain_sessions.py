"""What a session keeps of where it came from: the network, never the address; its
public id says nothing of its keys (issue 41)."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import USER_AGENT_MAX, network_of, session_id, short_agent

pytestmark = pytest.mark.unit


@given(st.ip_addresses())
def test_the_network_holds_the_address_and_is_a_24_or_a_48(address: ipaddress.IPv4Address
                                                           | ipaddress.IPv6Address) -> None:
    network = network_of(str(address))
    assert network is not None
    net = ipaddress.ip_network(network)
    shown = address.ipv4_mapped if (isinstance(address, ipaddress.IPv6Address)
                                    and address.ipv4_mapped) else address
    assert shown in net
    assert net.prefixlen == (24 if net.version == 4 else 48)
    assert network_of(str(net[1 if net.num_addresses > 1 else 0])) == network


@given(st.text(max_size=40).filter(lambda s: ":" not in s and "." not in s))
def test_what_is_not_an_address_has_no_network(text: str) -> None:
    assert network_of(text) is None


@given(st.text(alphabet="0123456789abcdef", min_size=64, max_size=64))
def test_a_session_id_is_short_stable_and_not_the_stored_hash(token_hash: str) -> None:
    public = session_id(token_hash)
    assert public == session_id(token_hash) and len(public) == 24
    assert public not in token_hash


@given(st.text(max_size=1000))
def test_the_user_agent_is_kept_short(agent: str) -> None:
    kept = short_agent(agent)
    assert kept is None or (0 < len(kept) <= USER_AGENT_MAX and kept == agent.strip()[:300])
