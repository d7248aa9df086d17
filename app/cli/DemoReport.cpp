#include "cli/DemoReport.h"
#include "cli/VectorText.h"

#include "core/Format.h"
#include "demo/GameText.h"

#include <cmath>

namespace cliplab::cli {

using core::format;

namespace {

/// A name for a text line: colour codes dropped, double quotes made single.
std::string plainName(const std::string& name) {
    std::string out = demo::stripColors(name);
    for (char& c : out)
        if (c == '"')
            c = '\'';
    return out;
}

std::string jsonVec(const glm::vec3& v) {
    return format("[%.9g, %.9g, %.9g]", double(v.x), double(v.y), double(v.z));
}

std::string clientList(const std::vector<int32_t>& clients) {
    std::string out;
    for (int32_t c : clients) {
        if (!out.empty())
            out += ',';
        out += std::to_string(c);
    }
    return out;
}

} // namespace

DemoReport::DemoReport(const demo::Demo& demo) : m_demo(demo) {
    for (const demo::PlayerInfo& p : demo.players)
        m_summaries.push_back(demo::summarizePlayer(demo, p.client));
    for (const demo::Snapshot& s : demo.snapshots)
        m_positions += s.players.size();
}

void DemoReport::setSolid(std::vector<demo::SolidSample> solid,
                          std::vector<demo::SolidSample> solidEntities) {
    m_solid = std::move(solid);
    m_solidEntities = std::move(solidEntities);
}

void DemoReport::setReach(const analysis::ReachMap& reach, demo::ReachComparison comparison) {
    m_reach = reach;
    m_comparison = std::move(comparison);
}

double DemoReport::since(int32_t ms) const {
    return m_demo.snapshots.empty() ? 0.0 : double(ms - m_demo.snapshots.front().serverTime) / 1000.0;
}

std::string DemoReport::header() const {
    const demo::Demo& d = m_demo;
    std::string out = format("file %s bytes=%zu messages=%zu complete=%d\n", d.name.c_str(), d.bytes,
                             d.messages, d.complete ? 1 : 0);
    if (!d.complete)
        out += d.cut + "\n"; // "cut at byte N: ..."
    for (const std::string& note : d.notes)
        out += format("note %s\n", note.c_str());
    out +=
        format("map %s protocol %d file_protocol %d recorded_by %d snapshots %zu commands %zu seconds %.3f\n",
               d.mapName.c_str(), d.protocol, d.fileProtocol, d.recordingClient, d.snapshots.size(),
               d.commands.size(), d.seconds());
    return out;
}

std::string DemoReport::playerLines() const {
    std::string out;
    for (size_t i = 0; i < m_summaries.size(); ++i) {
        const demo::PlayerInfo& p = m_demo.players[i];
        const demo::PlayerSummary& s = m_summaries[i];
        out += format("player %d name=\"%s\" team=%s samples=%zu src_ps=%zu alive=%zu distance=%.1f "
                      "top_speed=%.1f jumps=%zu\n",
                      p.client, plainName(p.name).c_str(), demo::teamName(p.team).c_str(), s.samples,
                      s.playerStateSamples, s.alive, s.distance, double(s.topSpeed), s.jumps.size());
        int n = 0;
        for (const demo::DemoJump& dj : s.jumps) {
            const replay::Jump& j = dj.metrics;
            out += format(
                "jump %d client=%d time=%.3f takeoff %s landing %s distance=%.3f apex=%.3f airtime=%.4f "
                "takeoff_speed=%.3f landing_speed=%.3f landed=%d\n",
                ++n, p.client, since(m_demo.snapshots[dj.takeoffSnapshot].serverTime),
                vectorText(j.takeoff, "%.3f").c_str(), vectorText(j.landing, "%.3f").c_str(),
                double(j.distance), double(j.apexHeight), j.airtime, double(j.takeoffSpeed),
                double(j.landingSpeed), j.landed ? 1 : 0);
        }
    }
    return out;
}

std::string DemoReport::positionLines() const {
    std::string out;
    for (const demo::Snapshot& snap : m_demo.snapshots)
        for (const demo::PlayerSample& p : snap.players)
            out += format("pos %.3f %d %s %s ground=%d ducked=%d type=%s src=%s\n", since(snap.serverTime),
                          p.client, vectorText(p.origin).c_str(), vectorText(p.velocity).c_str(),
                          p.onGround ? 1 : 0, p.ducked ? 1 : 0, demo::playerTypeName(p.type),
                          demo::stateSourceName(p.source));
    return out;
}

std::string DemoReport::solidLines() const {
    std::string out;
    if (!m_solid)
        return out;
    for (const demo::SolidSample& s : *m_solid)
        out += format("in_solid %.3f %d %s ducked=%d setviewpos %s\n",
                      since(m_demo.snapshots[s.snapshot].serverTime), s.sample.client,
                      vectorText(s.sample.origin).c_str(), s.sample.ducked ? 1 : 0,
                      vectorText(s.sample.origin, "%.0f").c_str());
    // Entities: the count and the first few (a demo on another version of its map has hundreds).
    constexpr size_t kListed = 10;
    for (size_t i = 0; i < m_solidEntities.size() && i < kListed; ++i) {
        const demo::SolidSample& s = m_solidEntities[i];
        out += format("es_in_solid %.3f %d %s ducked=%d setviewpos %s\n",
                      since(m_demo.snapshots[s.snapshot].serverTime), s.sample.client,
                      vectorText(s.sample.origin).c_str(), s.sample.ducked ? 1 : 0,
                      vectorText(s.sample.origin, "%.0f").c_str());
    }
    out += format("entities alive=%zu in_solid=%zu\n", demo::aliveEntities(m_demo), m_solidEntities.size());
    return out;
}

std::string DemoReport::reachLines() const {
    if (!m_reach)
        return {};
    const analysis::ReachMap& r = *m_reach;
    const demo::ReachComparison& c = m_comparison;
    std::string out;
    for (const demo::UnreachedStand& u : c.unreached) {
        const glm::vec3& o = r.cells[size_t(u.cell)].origin;
        out += format("unreached %s samples=%zu clients=%s first=%.3f setviewpos %s\n",
                      vectorText(o, "%.1f").c_str(), u.samples, clientList(u.clients).c_str(),
                      since(m_demo.snapshots[u.firstSnapshot].serverTime), vectorText(o, "%.0f").c_str());
    }
    out +=
        format("reach grid=%g cells=%zu reachable=%zu unreachable=%zu seconds=%.2f standing=%zu on_cells=%zu "
               "cells_stood_on=%zu on_entities=%zu unreached_cells=%zu\n",
               double(r.grid), r.listed, r.reachable, r.unreachable(), r.seconds, c.standing, c.onCells,
               c.cellsStoodOn, c.onEntities, c.unreached.size());
    return out;
}

std::string DemoReport::lastLine() const {
    return format(
        "demo map=%s protocol=%d snapshots=%zu seconds=%.3f players=%zu positions=%zu in_solid=%s\n",
        m_demo.mapName.c_str(), m_demo.protocol, m_demo.snapshots.size(), m_demo.seconds(),
        m_demo.players.size(), m_positions, m_solid ? std::to_string(m_solid->size()).c_str() : "unchecked");
}

std::string DemoReport::text(bool positions) const {
    return header() + playerLines() + (positions ? positionLines() : std::string()) + solidLines() +
           reachLines() + lastLine();
}

std::string DemoReport::playerJson(const demo::PlayerSummary& s) const {
    const demo::PlayerInfo& p = *m_demo.player(s.client);
    std::string names;
    for (const std::string& n : p.names) {
        if (!names.empty())
            names += ", ";
        names += core::jsonString(n);
    }
    std::string out =
        format("{\"client\": %d, \"name\": %s, \"names\": [%s], \"team\": %s, \"samples\": %zu, "
               "\"srcPs\": %zu, \"alive\": %zu, \"distance\": %.3f, \"topSpeed\": %.3f, \"jumps\": [",
               s.client, core::jsonString(p.name).c_str(), names.c_str(),
               core::jsonString(demo::teamName(p.team)).c_str(), s.samples, s.playerStateSamples, s.alive,
               s.distance, double(s.topSpeed));
    for (size_t i = 0; i < s.jumps.size(); ++i) {
        const replay::Jump& j = s.jumps[i].metrics;
        out += format(
            "%s{\"time\": %.3f, \"takeoff\": %s, \"landing\": %s, \"distance\": %.3f, \"apex\": %.3f, "
            "\"airtime\": %.4f, \"takeoffSpeed\": %.3f, \"landingSpeed\": %.3f, \"landed\": %s}",
            i ? ", " : "", since(m_demo.snapshots[s.jumps[i].takeoffSnapshot].serverTime),
            jsonVec(j.takeoff).c_str(), jsonVec(j.landing).c_str(), double(j.distance), double(j.apexHeight),
            j.airtime, double(j.takeoffSpeed), double(j.landingSpeed), j.landed ? "true" : "false");
    }
    return out + "]}";
}

std::string DemoReport::positionsJson() const {
    std::string out = ",\n  \"positions\": [";
    bool first = true;
    for (const demo::Snapshot& snap : m_demo.snapshots)
        for (const demo::PlayerSample& p : snap.players) {
            out += format(
                "%s\n    {\"time\": %.3f, \"serverTime\": %d, \"client\": %d, \"origin\": %s, "
                "\"velocity\": %s, \"ground\": %s, \"ducked\": %s, \"type\": \"%s\", \"src\": \"%s\"}",
                first ? "" : ",", since(snap.serverTime), snap.serverTime, p.client,
                jsonVec(p.origin).c_str(), jsonVec(p.velocity).c_str(), p.onGround ? "true" : "false",
                p.ducked ? "true" : "false", demo::playerTypeName(p.type), demo::stateSourceName(p.source));
            first = false;
        }
    return out + "\n  ]";
}

std::string DemoReport::checksJson() const {
    std::string out = ",\n  \"inSolid\": ";
    if (!m_solid) {
        out += "null";
    } else {
        out += "[";
        for (size_t i = 0; i < m_solid->size(); ++i) {
            const demo::SolidSample& s = (*m_solid)[i];
            out += format("%s{\"time\": %.3f, \"client\": %d, \"origin\": %s, \"ducked\": %s}", i ? ", " : "",
                          since(m_demo.snapshots[s.snapshot].serverTime), s.sample.client,
                          jsonVec(s.sample.origin).c_str(), s.sample.ducked ? "true" : "false");
        }
        out += "]";
    }
    if (m_solid)
        out += format(",\n  \"entitiesAlive\": %zu,\n  \"entitiesInSolid\": %zu", demo::aliveEntities(m_demo),
                      m_solidEntities.size());
    if (m_solid)
        out += format(",\n  \"entitiesAlive\": %zu,\n  \"entitiesInSolid\": %zu", demo::aliveEntities(m_demo),
                      m_solidEntities.size());
    if (!m_reach)
        return out;
    const demo::ReachComparison& c = m_comparison;
    out += format(",\n  \"reach\": {\"grid\": %g, \"cells\": %zu, \"reachable\": %zu, \"standing\": %zu, "
                  "\"onCells\": %zu, \"cellsStoodOn\": %zu, \"onEntities\": %zu, \"unreached\": [",
                  double(m_reach->grid), m_reach->listed, m_reach->reachable, c.standing, c.onCells,
                  c.cellsStoodOn, c.onEntities);
    for (size_t i = 0; i < c.unreached.size(); ++i) {
        const demo::UnreachedStand& u = c.unreached[i];
        out += format("%s{\"origin\": %s, \"samples\": %zu, \"clients\": [%s], \"first\": %.3f}",
                      i ? ", " : "", jsonVec(m_reach->cells[size_t(u.cell)].origin).c_str(), u.samples,
                      clientList(u.clients).c_str(), since(m_demo.snapshots[u.firstSnapshot].serverTime));
    }
    return out + "]}";
}

std::string DemoReport::json(bool positions) const {
    const demo::Demo& d = m_demo;
    std::string out =
        format("{\n  \"file\": %s,\n  \"map\": %s,\n  \"protocol\": %d,\n  \"fileProtocol\": %d,\n"
               "  \"complete\": %s,\n  \"cut\": %s,\n  \"messages\": %zu,\n  \"snapshots\": %zu,\n"
               "  \"seconds\": %.3f,\n  \"recordedBy\": %d,\n  \"players\": [",
               core::jsonString(d.name).c_str(), core::jsonString(d.mapName).c_str(), d.protocol,
               d.fileProtocol, d.complete ? "true" : "false", core::jsonString(d.cut).c_str(), d.messages,
               d.snapshots.size(), d.seconds(), d.recordingClient);
    for (size_t i = 0; i < m_summaries.size(); ++i)
        out += (i ? ",\n    " : "\n    ") + playerJson(m_summaries[i]);
    out += m_summaries.empty() ? "]" : "\n  ]";
    out += checksJson();
    if (positions)
        out += positionsJson();
    return out + "\n}\n";
}

} // namespace cliplab::cli
